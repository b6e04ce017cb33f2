#pragma once

// The objects of a metadata-only informer (client-go's metadatainformer,
// product spec §6): the server sends each object as a meta.k8s.io
// PartialObjectMetadata, its metadata only. The informer keeps it under the
// watched kind's identity (a Secret stays kind Secret, apiVersion v1), so
// keys, printers and whatever tells kinds apart work as for a full object,
// and marks it (KubeObject::isMetadataOnly) so that no reader takes its
// missing data, spec or status for empty ones.
//
// Only metadata-only informers pay for this: one more decode of a small
// object; the decoders of full objects are untouched. Any thread.

#include "informer/core/kubeobject.h"

namespace informant {

// `object` as the metadata-only informer of `kind` in `apiVersion` keeps it:
// {"kind":K,"apiVersion":V,"metadata":{...}}, marked metadata-only. Accepts a
// PartialObjectMetadata (meta.k8s.io v1 or v1beta1), an object without a
// kind (a list item), or an object of `kind` itself (a server that ignored
// the Accept and answered whole objects: everything but metadata is dropped,
// so a Secret's values are not held). Anything else is an error, as is an
// object without a metadata object. `options` as the informer decodes with
// (dropManagedFields).
Result<KubeObject> metadataOnlyObject(const KubeObject &object, const QString &kind,
                                      const QString &apiVersion, const DecodeOptions &options = {});

// True for meta.k8s.io PartialObjectMetadata (v1 or v1beta1).
bool isPartialObjectMetadata(QStringView kind, QStringView apiVersion);

} // namespace informant
