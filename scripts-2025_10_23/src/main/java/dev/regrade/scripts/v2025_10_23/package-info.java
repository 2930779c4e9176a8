/**
 * The ported Mind2Web 2 evaluation scripts of the 2025_10_23 release, one class per original script
 * (its constants, templates, prompts and functions, in the original's order), each declaring once its
 * {@code SCRIPT}: variants and extractions ({@link dev.regrade.rubric.script.ScriptDeclaration}) and
 * its {@code evaluateAnswer}. {@link dev.regrade.scripts.v2025_10_23.Scripts} lists them.
 */
package dev.regrade.scripts.v2025_10_23;
