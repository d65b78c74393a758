/**
 * The purchase chart's and every payment method chart's paths, driven through the real UI in
 * Chromium against the sandbox (docs/statecharts.md, "Path tests for QA"; the models are in ./model.ts).
 */
import { paymentModels, purchaseModel } from './model';
import { describeModel, modelSuites } from './runner';

for (const suite of modelSuites(purchaseModel, paymentModels)) describeModel(suite);
