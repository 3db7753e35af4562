// +kubegen:apiservice:group=wardle.example.com,version=v1alpha1,serviceName=wardle-server,groupPriorityMinimum=1000,versionPriority=15,insecureSkipTLSVerify=true
export {};
