// +kubegen:apiservice:group=Wardle_Example,version=1alpha1,serviceName=Wardle.Server,serviceNamespace=wardle_system,groupPriorityMinimum=1000,versionPriority=15,insecureSkipTLSVerify=true
// +kubegen:apiservice:group="",version=v1,serviceName="",serviceNamespace="",groupPriorityMinimum=1000,versionPriority=15,insecureSkipTLSVerify=true
export {};
