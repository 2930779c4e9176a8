package dev.regrade.reports.model;

/**
 * How a variant's final score on one input varies across the hash seeds, when it does.
 *
 * @param low     the lowest final score of the seeds whose run scored; null when every seed crashed
 * @param high    the highest final score of the seeds whose run scored; null when every seed crashed
 * @param crashed whether the run crashed under some seed
 */
public record SeedRange(Double low, Double high, boolean crashed) {
}
