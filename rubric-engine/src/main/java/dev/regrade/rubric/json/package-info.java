/**
 * JSON in the original's shapes: Python-identical writing ({@link dev.regrade.rubric.json.PyJson}),
 * rubric trees ({@link dev.regrade.rubric.json.TreeJson}) and result documents
 * ({@link dev.regrade.rubric.json.ResultJson}).
 */
package dev.regrade.rubric.json;
