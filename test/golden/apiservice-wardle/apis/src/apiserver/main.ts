/**
 * The wardle extension apiserver: serves wardle.example.com v1alpha1 and v1beta1 behind the Service
 * wardle-server in wardle-system, registered with the kube-apiserver's aggregator by these APIServices.
 *
 * +kubegen:apiservice:group=wardle.example.com,version=v1beta1,serviceName=wardle-server,serviceNamespace=wardle-system,groupPriorityMinimum=1000,versionPriority=15,caBundleFile=ca.crt
 * +kubegen:apiservice:group=wardle.example.com,version=v1alpha1,serviceName=wardle-server,serviceNamespace=wardle-system,groupPriorityMinimum=1000,versionPriority=10,caBundleFile=ca.crt
 */
import * as http from 'node:http';

/** Starts the server (a stand-in: the markers are what this case is about). */
export function main(): http.Server {
  return http.createServer();
}
