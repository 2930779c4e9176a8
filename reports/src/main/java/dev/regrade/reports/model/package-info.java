/**
 * The audit report: the schema of {@code report.json} as records (one doc line per field), with
 * its one writer and one reader, {@link dev.regrade.reports.model.ReportJson}. The audit fills it;
 * every rendering reads it.
 */
package dev.regrade.reports.model;
