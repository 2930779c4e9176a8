/**
 * The audit report: the schema of {@code report.json} as records (one doc line per field), with
 * its one writer and one reader, {@link dev.regrade.reports.model.ReportJson}. The audit fills it;
 * every rendering reads it. Lists are copied; nulls are not checked here, but the reader refuses a
 * required field that is null or missing, naming its path.
 */
package dev.regrade.reports.model;
