// Package v1beta2 contains the etcd.database.coreos.com/v1beta2 API: EtcdCluster.
// +groupName=etcd.database.coreos.com
