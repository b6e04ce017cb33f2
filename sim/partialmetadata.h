#pragma once

// The PartialObjectMetadata form of a stored object: what an API server sends
// for a list or watch whose Accept asks for
// `as=PartialObjectMetadata(List);g=meta.k8s.io;v=v1` (client-go's metadata
// client and metadatainformer). Only the object's metadata, managedFields
// included, as the apiserver's meta.AsPartialObjectMetadata keeps them.

#include <QByteArray>

namespace informant::sim {

// `metaVersion`: "v1" or "v1beta1", as the Accept named it.
QByteArray partialObjectMetadata(const QByteArray &objectJson, const QByteArray &metaVersion);

// The apiVersion of the meta.k8s.io kinds in `metaVersion`.
QByteArray metaApiVersion(const QByteArray &metaVersion);

} // namespace informant::sim
