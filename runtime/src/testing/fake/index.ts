export { ObjectTracker, type TrackerOptions, type WriteOptions, type TrackerPatchOptions } from './tracker';
export {
  Fake,
  FakeClientset,
  FakeFront,
  FakeClient,
  type Action,
  type ActionVerb,
  type FakeOptions,
  type Reaction,
  type ReactionFunc,
  type WatchReactionFunc,
} from './fake';
export { applyJsonPatch, JsonPatchError, mergePatch as applyMergePatch } from '../../meta/jsonpatch';
export { FakeDynamicClient, guessResourceOfKind, type FakeDynamicClientOptions } from './dynamic';
