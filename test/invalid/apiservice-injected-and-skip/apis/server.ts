// caBundleInjected=true says an injector writes the bundle: together with skipping verification it says two things.
// +kubegen:apiservice:group=wardle.example.com,version=v1alpha1,serviceName=wardle-server,serviceNamespace=wardle-system,groupPriorityMinimum=1000,versionPriority=15,caBundleInjected=true,insecureSkipTLSVerify=true
export {};
