import type { Condition, ListMeta, ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/**
 * Order is the Schema for the orders API.
 * +genclient
 * +kubebuilder:object:root=true
 * +kubebuilder:subresource:status
 * +kubebuilder:storageversion
 * +kubebuilder:printcolumn:name="Replicas",type=integer,JSONPath=`.spec.replicas`
 * +kubebuilder:printcolumn:name="Age",type=date,JSONPath=`.metadata.creationTimestamp`
 */
export interface Order extends TypeMeta {
  metadata?: ObjectMeta;
  spec: OrderSpec;
  status?: OrderStatus;
}

/**
 * OrderList is a list of Order.
 * +kubebuilder:object:root=true
 */
export interface OrderList extends TypeMeta {
  metadata?: ListMeta;
  items: Order[];
}

/** OrderSpec is the desired state of a Order. Edit it: add the fields your API needs, then run `npm run generate`. */
export interface OrderSpec {
  /**
   * image is the container image to run.
   * +kubebuilder:validation:MinLength=1
   */
  image: string;
  /**
   * replicas is the desired number of copies.
   * +kubebuilder:validation:Minimum=0
   * +kubebuilder:default=1
   */
  replicas?: int32;
}

/** OrderStatus is the observed state of a Order. */
export interface OrderStatus {
  /**
   * conditions are the latest observations of the Order's state.
   * +listType=map
   * +listMapKey=type
   */
  conditions?: Condition[];
}
