#pragma once

// The objects of a metadata-only informer (client-go's metadatainformer,
// product spec §6): the server sends each object as a meta.k8s.io
// PartialObjectMetadata, its metadata only. The informer keeps it under the
// watched kind's identity (a Secret stays kind Secret, apiVersion v1), so
// keys, printers and whatever tells kinds apart work as for a full object,
// and marks it (KubeObject::isMetadataOnly) so that no reader takes its
// missing data, spec or status for empty ones.
//
// The decoders do it as they decode (DecodeOptions::metadataOnlyKind): the
// watched kind's type meta and the metadata are written into the stored
// bytes, in one pass over the input, as a list item's type meta is. They
// accept a PartialObjectMetadata (meta.k8s.io v1 or v1beta1), an object
// without a kind (a list item), or an object of the watched kind itself (a
// server that ignored the Accept and answered whole objects: everything but
// metadata is left out, so a Secret's values are never held). Anything else
// is an error, as is an object without a metadata object. A watch's
// BOOKMARK objects are read as they are: only their resourceVersion counts.

#include <QStringView>

namespace informant {

// True for meta.k8s.io PartialObjectMetadata (v1 or v1beta1).
bool isPartialObjectMetadata(QStringView kind, QStringView apiVersion);

} // namespace informant
