/**
 * The state rules of an admin config form (admin-back-office §4 dirty flag, Save and Reset; §5 field checks), kept pure
 * so they are tested without a browser: what the form shows (the edited draft, else the saved values), what Save would
 * send (toInput of it) and whether that differs from what is saved (the dirty flag). useConfigForm holds the state.
 */

/** Form values: one string (what was typed) or boolean (a switch or checkbox) per field. */
export type Draft = Record<string, string | boolean>

/** draft: the values shown; input: what Save would send; dirty: input differs from the saved values' input. */
export type ConfigFormView<D extends Draft, I> = { draft: D; input: I; dirty: boolean }

/** Shallow equality of two flat objects (the same keys with === values). */
const sameValues = (a: object, b: object) => {
  const ka = Object.keys(a)
  return ka.length === Object.keys(b).length && ka.every((k) => (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k])
}

/**
 * The view of a form whose saved values are `saved` and whose edits are `edited` (null: not edited since load, save
 * or reset). Dirty compares what would be sent, so an edit that parses to the saved value (' 30' for 30) is not dirty.
 */
export function viewConfigForm<D extends Draft, I extends object>(
  saved: D,
  edited: D | null,
  toInput: (draft: D) => I,
): ConfigFormView<D, I> {
  const draft = edited ?? saved
  const input = toInput(draft)
  return { draft, input, dirty: edited !== null && !sameValues(input, toInput(saved)) }
}
