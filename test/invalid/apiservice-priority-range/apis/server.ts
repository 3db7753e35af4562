// +kubegen:apiservice:group=wardle.example.com,version=v1alpha1,serviceName=wardle-server,serviceNamespace=wardle-system,groupPriorityMinimum=0,versionPriority=1001,insecureSkipTLSVerify=true
// +kubegen:apiservice:group=wardle.example.com,version=v1beta1,serviceName=wardle-server,serviceNamespace=wardle-system,groupPriorityMinimum=20001,versionPriority=-1,insecureSkipTLSVerify=true
export {};
