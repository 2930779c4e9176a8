/**
 * Renderings for people: an audit's {@code report.md} ({@code Markdown}) and {@code report.html}
 * ({@code Html}), both from its {@code report.json}; the subject audit's HTML page
 * ({@code SubjectsHtml}); one result's tree as text ({@code TreeText}, what {@code regrade run}
 * prints).
 */
package dev.regrade.reports;
