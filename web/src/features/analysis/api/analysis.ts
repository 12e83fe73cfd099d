// The calls of the analysis API (lambdas/analysis): the AI suggestions of the editor's text, the
// feedback that trains them, and the Monitor IA's figures and reprocess button.
import type { AnalysisResult } from '../../../../../shared/api-types';
import type { AnalysisMonitor, AnalysisRequestInput, FeedbackInput, FeedbackOutcome, ReprocessOutcome } from '../../../../../shared/analysis';
import { api } from '../../../lib/api';

export const analyzeArticle = (input: AnalysisRequestInput) => api.post<AnalysisResult>('/analysis', input);

export const sendFeedback = (input: FeedbackInput) => api.post<FeedbackOutcome>('/analysis/feedback', input);

export const fetchMonitor = (signal?: AbortSignal) => api.get<AnalysisMonitor>('/analysis/monitor', { signal });

export const reprocessPending = () => api.post<ReprocessOutcome>('/analysis/reprocess');
