/**
 * The wearable-AI scorers and VerEval. Filled in by the subject-task issue.
 */
package dev.regrade.subjects;
