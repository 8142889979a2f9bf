import type { AppContext } from '../../context'

/** Demo content for the fictional venue; adds nothing when the table already has rows. */
export async function seedMenus(ctx: AppContext): Promise<void> {
  void ctx
}
