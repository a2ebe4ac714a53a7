import { onMounted, ref, watch, type Ref } from 'vue'

/**
 * For a component loaded on first use (`defineAsyncComponent`): true from the first time `wanted`
 * is true, and for good after that, so it is mounted when first needed and then kept.
 */
export function useFirstUse(wanted: () => boolean): Ref<boolean> {
  const used = ref(false)
  watch(
    wanted,
    (now) => {
      if (now) used.value = true
    },
    { immediate: true },
  )
  return used
}

/**
 * A modal's `show` that follows `source` but stays false until the component has mounted. A modal
 * mounted already open skips naive's enter transition, and with it `after-enter` (where focus is
 * put): loaded on first use, it opens as if it had always been there.
 */
export function useShownAfterMount(source: () => boolean): Ref<boolean> {
  const shown = ref(false)
  let mounted = false
  onMounted(() => {
    mounted = true
    shown.value = source()
  })
  watch(source, (now) => {
    if (mounted) shown.value = now
  })
  return shown
}

/**
 * Starts `load` once the renderer is idle (e.g. a dialog's chunk after the first screen), so its
 * first use does not wait for it. A failure here is silent: the first use asks for it again.
 */
export function loadWhenIdle(load: () => Promise<unknown>): void {
  const run = () => void load().catch(() => undefined)
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 5_000 })
  else setTimeout(run, 1_000)
}
