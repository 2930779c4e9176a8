/**
 * The ports a ported script needs from the outside world: judge, extractor, page source, maps
 * tool and evaluation clock. Implementations live in other modules (fake judge, HTTP client, web
 * cache, policies) and are composed by the audit.
 */
package dev.regrade.rubric.port;
