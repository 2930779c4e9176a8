package dev.regrade.rubric.json;

/**
 * One page a run asked for, in request order.
 *
 * @param url     the URL as the script requested it
 * @param outcome what the request got: {@code given}, {@code generated}, {@code missing} or
 *                {@code error} (the web cache's lookup outcomes)
 */
public record PageVisit(String url, String outcome) {
}
