// Imported by kubegen import; edit freely: this is now API source.

import type { LabelSelector, ListMeta, ObjectMeta, TypeMeta } from '@kubegen/runtime';

export type { LabelSelector, ListMeta, ObjectMeta, TypeMeta } from '@kubegen/runtime';

/**
 * ClusterRole is a cluster level, logical grouping of PolicyRules that can be referenced as a unit by a RoleBinding or ClusterRoleBinding.
 * +genclient
 * +genclient:nonNamespaced
 * +kubebuilder:resource:path=clusterroles,scope=Cluster
 * +kubebuilder:object:root=true
 */
export interface ClusterRole extends TypeMeta {
  /** metadata is the standard object's metadata. */
  metadata?: ObjectMeta;
  /**
   * rules holds all the PolicyRules for this ClusterRole
   * +listType=atomic
   * +optional
   */
  rules: PolicyRule[];
  /**
   * aggregationRule is an optional field that describes how to build the Rules for this ClusterRole.
   * If AggregationRule is set, then the Rules are controller managed and direct changes to Rules will be
   * stomped by the controller.
   */
  aggregationRule?: AggregationRule;
}

/**
 * ClusterRoleBinding references a ClusterRole, but not contain it.  It can reference a ClusterRole in the global namespace,
 * and adds who information via Subject.
 * +genclient
 * +genclient:nonNamespaced
 * +kubebuilder:resource:path=clusterrolebindings,scope=Cluster
 * +kubebuilder:object:root=true
 */
export interface ClusterRoleBinding extends TypeMeta {
  /** metadata is the standard object's metadata. */
  metadata?: ObjectMeta;
  /**
   * subjects holds references to the objects the role applies to.
   * +listType=atomic
   */
  subjects?: Subject[];
  /**
   * roleRef can only reference a ClusterRole in the global namespace.
   * If the RoleRef cannot be resolved, the Authorizer must return an error.
   * This field is immutable.
   */
  roleRef: RoleRef;
}

/**
 * Role is a namespaced, logical grouping of PolicyRules that can be referenced as a unit by a RoleBinding.
 * +genclient
 * +kubebuilder:resource:path=roles,scope=Namespaced
 * +kubebuilder:object:root=true
 */
export interface Role extends TypeMeta {
  /** metadata is the standard object's metadata. */
  metadata?: ObjectMeta;
  /**
   * rules holds all the PolicyRules for this Role
   * +listType=atomic
   * +optional
   */
  rules: PolicyRule[];
}

/**
 * RoleBinding references a role, but does not contain it.  It can reference a Role in the same namespace or a ClusterRole in the global namespace.
 * It adds who information via Subjects and namespace information by which namespace it exists in.  RoleBindings in a given
 * namespace only have effect in that namespace.
 * +genclient
 * +kubebuilder:resource:path=rolebindings,scope=Namespaced
 * +kubebuilder:object:root=true
 */
export interface RoleBinding extends TypeMeta {
  /** metadata is the standard object's metadata. */
  metadata?: ObjectMeta;
  /**
   * subjects holds references to the objects the role applies to.
   * +listType=atomic
   */
  subjects?: Subject[];
  /**
   * roleRef can reference a Role in the current namespace or a ClusterRole in the global namespace.
   * If the RoleRef cannot be resolved, the Authorizer must return an error.
   * This field is immutable.
   */
  roleRef: RoleRef;
}

/**
 * ClusterRoleBindingList is a collection of ClusterRoleBindings
 * +kubebuilder:object:root=true
 */
export interface ClusterRoleBindingList extends TypeMeta {
  /** Standard object's metadata. */
  metadata?: ListMeta;
  /** Items is a list of ClusterRoleBindings */
  items: ClusterRoleBinding[];
}

/**
 * ClusterRoleList is a collection of ClusterRoles
 * +kubebuilder:object:root=true
 */
export interface ClusterRoleList extends TypeMeta {
  /** Standard object's metadata. */
  metadata?: ListMeta;
  /** Items is a list of ClusterRoles */
  items: ClusterRole[];
}

/**
 * RoleBindingList is a collection of RoleBindings
 * +kubebuilder:object:root=true
 */
export interface RoleBindingList extends TypeMeta {
  /** Standard object's metadata. */
  metadata?: ListMeta;
  /** Items is a list of RoleBindings */
  items: RoleBinding[];
}

/**
 * RoleList is a collection of Roles
 * +kubebuilder:object:root=true
 */
export interface RoleList extends TypeMeta {
  /** Standard object's metadata. */
  metadata?: ListMeta;
  /** Items is a list of Roles */
  items: Role[];
}

/** AggregationRule describes how to locate ClusterRoles to aggregate into the ClusterRole */
export interface AggregationRule {
  /**
   * clusterRoleSelectors holds a list of selectors which will be used to find ClusterRoles and create the rules.
   * If any of the selectors match, then the ClusterRole's permissions will be added
   * +listType=atomic
   */
  clusterRoleSelectors?: LabelSelector[];
}

/**
 * PolicyRule holds information that describes a policy rule, but does not contain information
 * about who the rule applies to or which namespace the rule applies to.
 */
export interface PolicyRule {
  /**
   * verbs is a list of Verbs that apply to ALL the ResourceKinds contained in this rule. '*' represents all verbs.
   * +listType=atomic
   */
  verbs: string[];
  /**
   * apiGroups is the name of the APIGroup that contains the resources.  If multiple API groups are specified, any action requested against one of
   * the enumerated resources in any API group will be allowed. "" represents the core API group and "*" represents all API groups.
   * +listType=atomic
   */
  apiGroups?: string[];
  /**
   * resources is a list of resources this rule applies to. '*' represents all resources.
   * +listType=atomic
   */
  resources?: string[];
  /**
   * resourceNames is an optional white list of names that the rule applies to.  An empty set means that everything is allowed.
   * +listType=atomic
   */
  resourceNames?: string[];
  /**
   * nonResourceURLs is a set of partial urls that a user should have access to.  *s are allowed, but only as the full, final step in the path
   * Since non-resource URLs are not namespaced, this field is only applicable for ClusterRoles referenced from a ClusterRoleBinding.
   * Rules can either apply to API resources (such as "pods" or "secrets") or non-resource URL paths (such as "/api"),  but not both.
   * +listType=atomic
   */
  nonResourceURLs?: string[];
}

/**
 * RoleRef contains information that points to the role being used
 * +structType=atomic
 */
export interface RoleRef {
  /**
   * apiGroup is the group for the resource being referenced
   * +optional
   */
  apiGroup: string;
  /** kind is the type of resource being referenced */
  kind: string;
  /** name is the name of resource being referenced */
  name: string;
}

/**
 * Subject contains a reference to the object or user identities a role binding applies to.  This can either hold a direct API object reference,
 * or a value for non-objects such as user and group names.
 * +structType=atomic
 */
export interface Subject {
  /**
   * kind of object being referenced. Values defined by this API group are "User", "Group", and "ServiceAccount".
   * If the Authorizer does not recognized the kind value, the Authorizer should report an error.
   */
  kind: string;
  /**
   * apiGroup holds the API group of the referenced subject.
   * Defaults to "" for ServiceAccount subjects.
   * Defaults to "rbac.authorization.k8s.io" for User and Group subjects.
   */
  apiGroup?: string;
  /** name of the object being referenced. */
  name: string;
  /**
   * namespace of the referenced object.  If the object kind is non-namespace, such as "User" or "Group", and this value is not empty
   * the Authorizer should report an error.
   */
  namespace?: string;
}
