// A server whose CA an injector writes into the APIService (its own self-signed CA, or cert-manager's CA injector):
// written with neither a caBundle nor insecureSkipTLSVerify.
// +kubegen:apiservice:group=injected.example.dev,version=v1,serviceName=injected-apiserver,serviceNamespace=injected-system,groupPriorityMinimum=1000,versionPriority=100,caBundleInjected=true

export const injected = 'self-managed';
