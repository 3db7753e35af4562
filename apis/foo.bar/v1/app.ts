import type { ListMeta, ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/**
 * App is an application served on a port and path.
 * +genclient
 * +kubebuilder:object:root=true
 */
export interface App extends TypeMeta {
  metadata?: ObjectMeta;
  spec: AppSpec;
}

/**
 * AppList is a list of App.
 * +kubebuilder:object:root=true
 */
export interface AppList extends TypeMeta {
  metadata?: ListMeta;
  items: App[];
}

/** AppSpec is where the app listens. */
export interface AppSpec {
  /**
   * port the app listens on.
   * +kubebuilder:validation:Minimum=1
   * +kubebuilder:validation:Maximum=65535
   */
  port: int32;
  /**
   * path the app is served under.
   * +kubebuilder:validation:Pattern=`^/`
   * +kubebuilder:default="/"
   */
  path?: string;
}
