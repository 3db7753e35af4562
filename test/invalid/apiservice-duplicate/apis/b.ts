/**
 * The same group/version again, with another service.
 * +kubegen:apiservice:group=wardle.example.com,version=v1alpha1,serviceName=other,serviceNamespace=wardle-system,groupPriorityMinimum=1000,versionPriority=15,insecureSkipTLSVerify=true
 */
import * as fs from 'node:fs';

export const read = fs.readFileSync;
