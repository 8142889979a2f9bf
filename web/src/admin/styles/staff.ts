/**
 * The staff shell's shared styles, in cascade order: later files refine earlier ones (the conflict table in
 * pending.css overrides the table padding of lists.css). Imported by shell/ui.tsx, which every staff screen
 * uses, and again by each feature screen just before its own stylesheet, so a feature's rules always load
 * after these (Vite orders the CSS of the lazy staff chunk by first import). touch.css comes last: its 44 px
 * minimum on touch screens must win over every size set before it.
 */
import './frame.css'
import './forms.css'
import './status.css'
import './lists.css'
import './pending.css'
import './touch.css'
