// Neither a caBundle nor insecureSkipTLSVerify=true: the choice must be explicit.
// +kubegen:apiservice:group=wardle.example.com,version=v1alpha1,serviceName=wardle-server,serviceNamespace=wardle-system,groupPriorityMinimum=1000,versionPriority=15
// +kubegen:apiservice:group=wardle.example.com,version=v1beta1,serviceName=wardle-server,serviceNamespace=wardle-system,groupPriorityMinimum=1000,versionPriority=15,insecureSkipTLSVerify=false
export {};
