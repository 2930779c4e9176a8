/**
 * The contract of a ported script: what it declares once ({@link dev.regrade.rubric.script.ScriptDeclaration}:
 * task id, {@link dev.regrade.api.Variant variants}, the
 * {@link dev.regrade.rubric.script.DeclaredExtraction extractions} it can request) and its body
 * ({@link dev.regrade.rubric.script.RubricScript}). The engine knows no script: each release module
 * registers its own as {@link dev.regrade.rubric.script.ScriptSubject} providers of
 * {@link dev.regrade.api.Subject}, and the drivers find them through
 * {@link dev.regrade.rubric.script.RubricScripts}.
 */
package dev.regrade.rubric.script;
