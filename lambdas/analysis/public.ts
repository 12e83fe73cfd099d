// What other contexts may use of the analysis context (the lint rule in eslint.config.js enforces it):
// the events it emits (notifications turn AnalysisSucceeded and AnalysisFailed into AI_SUCCESS and
// AI_ERROR notifications).
export { ANALYSIS_EVENTS } from './events';
// What a person's data export and account deletion read and anonymise here (privacy.ts).
export { personalData } from './privacy';
