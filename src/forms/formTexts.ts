import { computed, inject, provide, toValue, type InjectionKey, type MaybeRefOrGetter } from 'vue'
import { useI18n } from 'vue-i18n'

const textsKey: InjectionKey<MaybeRefOrGetter<string | undefined>> = Symbol('form-texts')

/**
 * Says under which translation key a form's field texts are, named by field path: `<key>.<path>`
 * is a field's label, `<key>.<path>Help` its help and `<key>.<path>Placeholder` its placeholder.
 * A field then says only its path; a text it is given still wins.
 */
export function provideFormTexts(key: MaybeRefOrGetter<string | undefined>): void {
  provide(textsKey, key)
}

/** The texts the enclosing form has for the field `path` (undefined where it has none). */
export function useFieldTexts(path: () => string) {
  const { t, te } = useI18n()
  const key = inject(textsKey, undefined)
  const text = (suffix: string) => {
    const id = `${toValue(key)}.${path()}${suffix}`
    return toValue(key) && te(id) ? t(id) : undefined
  }
  return {
    label: computed(() => text('')),
    help: computed(() => text('Help')),
    placeholder: computed(() => text('Placeholder')),
  }
}
