// A metrics adapter reached without TLS verification (a development cluster), on a non-default port.
// +kubegen:apiservice:group=custom.metrics.k8s.io,version=v1beta2,serviceName=metrics-adapter,serviceNamespace=monitoring,servicePort=6443,groupPriorityMinimum=100,versionPriority=200,insecureSkipTLSVerify=true

export const adapter = 'custom-metrics';
