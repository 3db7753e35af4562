// A caBundle must be PEM certificates, base64-encoded: this is base64 of "hello", and the next is not base64.
// +kubegen:apiservice:group=wardle.example.com,version=v1alpha1,serviceName=wardle-server,serviceNamespace=wardle-system,groupPriorityMinimum=1000,versionPriority=15,caBundle="aGVsbG8="
// +kubegen:apiservice:group=wardle.example.com,version=v1beta1,serviceName=wardle-server,serviceNamespace=wardle-system,groupPriorityMinimum=1000,versionPriority=15,caBundle="not base64!"
export {};
