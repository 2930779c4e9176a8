/**
 * The subject tasks Regrade hosts besides the Mind2Web 2 scripts, one subpackage each:
 * {@code wearable}, the wearable-AI challenge starter-kit scorers (EgoProactive, EgoLongQA, ConvQA)
 * in their released and fixed variants (FIXES.md §B), with the synthetic val-scale data generator
 * and the built-in released → fixed scenarios; {@code vereval}, the VerEval three-stage judge of the
 * WearerText benchmark, as its evaluation guide runs it. This package itself holds no classes.
 */
package dev.regrade.subjects;
