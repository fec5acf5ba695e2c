/** Call scripts and the staff feedback panel. Mount these from the applications desk. */
export {
  CallOpening,
  deskCallScript,
  FeedbackPanel,
  ReviewScript,
  SecondYearGuidance,
  type DeskScriptProps,
  type FeedbackPanelProps,
  type ScriptFormValues,
} from './components/feedback-panel';
export { DeskLayout } from './components/desk-layout';
export { CallScript } from './components/call-script';
export { StaffReview } from './components/staff-review';
export { ButtonScripts, SavedConfirmation, SAVED_HEADING_ID, type ButtonScriptItem } from './components/outcome-scripts';
export { deskDecisionFacts } from './utils/desk-decision-facts';
