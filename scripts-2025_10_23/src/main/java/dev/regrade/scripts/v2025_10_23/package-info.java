/**
 * The eleven Mind2Web 2 evaluation scripts of eval version 2025_10_23, ported: one
 * {@code RubricScript} per script, each the body of the original's {@code evaluate_answer} with its
 * variants ({@code released}, {@code fixed}, and {@code instructors-last} for rl_course_book; the
 * fixes are described in FIXES.md §A), and the registry of them all ({@code Scripts}).
 */
package dev.regrade.scripts.v2025_10_23;
