#pragma once

// The pod subresources kube-apiserver hands on to the pod's kubelet: log,
// exec, attach and portforward. The API server's own checks come first,
// word for word (the pod exists, the container is named when the pod has
// several and is one of its containers, exec and port-forward need a pod
// that has a node; an unscheduled pod's log is empty, as there is no kubelet
// to ask). Then, where a real server would call the kubelet, the simulator
// says that the node is simulated and runs no kubelet, as a 500 Status
// without a reason: how kube-apiserver reports a kubelet it cannot reach
// ("Error from server: ..." in kubectl). Server thread only.

#include "sim/httpconnection.h"
#include "sim/httprequest.h"
#include "sim/requesttarget.h"
#include "sim/servercontext.h"

namespace informant::sim {

bool isKubeletSubresource(const RequestTarget &target);
void handleKubeletSubresource(ServerContext &context, HttpConnection *connection,
                              const HttpRequest &request, const RequestTarget &target);

} // namespace informant::sim
