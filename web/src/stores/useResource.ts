/** The one way a component shows a store's data: it loads when the component mounts, or is given another store. */
import { useEffect } from 'react'
import type { StoreApi, UseBoundStore } from 'zustand'

interface Loads<Options> {
  load(options?: Options): Promise<unknown>
}

/**
 * The store's whole state, re-rendering on its changes, after asking it to load on mount and again
 * when `store` is another one (a family's store for another key). `options` are that load's
 * (e.g. the activity trail's filters), read when it starts.
 */
export function useResource<State extends Loads<Options>, Options>(store: UseBoundStore<StoreApi<State>>, options?: Options): State {
  const state = store()
  // biome-ignore lint/correctness/useExhaustiveDependencies: a load per store, not per render: options are read when it starts
  useEffect(() => {
    void store.getState().load(options)
  }, [store])
  return state
}
