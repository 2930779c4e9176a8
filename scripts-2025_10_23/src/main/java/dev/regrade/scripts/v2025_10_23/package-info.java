/**
 * The eleven Mind2Web 2 evaluation scripts of eval version 2025_10_23, ported: one class per original
 * script (its constants, templates, prompts and functions, in the original's order), each declaring
 * once its {@code SCRIPT}: variants ({@code released}, {@code fixed}, and {@code instructors-last} for
 * rl_course_book; the fixes are described in FIXES.md §A) and extractions
 * ({@link dev.regrade.rubric.script.ScriptDeclaration}), and its {@code evaluateAnswer}.
 * Each registers a {@code Provider} in {@code META-INF/services/dev.regrade.api.Subject}; the drivers
 * find them through {@link dev.regrade.rubric.script.RubricScripts}.
 */
package dev.regrade.scripts.v2025_10_23;
