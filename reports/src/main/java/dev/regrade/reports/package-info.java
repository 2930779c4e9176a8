/**
 * Renderings for people: an audit's {@link dev.regrade.reports.model.AuditReport} as Markdown
 * ({@link dev.regrade.reports.Markdown}), one HTML page ({@link dev.regrade.reports.Html}) and the
 * console summary ({@link dev.regrade.reports.ConsoleSummary}); a result's tree as text
 * ({@link dev.regrade.reports.TreeText}); the subject audit's HTML page. Each reads the typed model
 * only; {@code report.json} is {@link dev.regrade.reports.model.ReportJson}'s.
 */
package dev.regrade.reports;
