package dev.iolab.upload.web;

import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;
import org.springframework.web.util.UriComponentsBuilder;
import org.springframework.web.util.UriUtils;

/**
 * A request's query parameters, read from the query string alone and percent-decoded as UTF-8. No container parameter
 * parsing is involved, because that would read a form body: a {@code PUT} of
 * {@code application/x-www-form-urlencoded} is a file, not a form, and no route reads parameters from a body.
 */
public final class QueryParameters {

    private final MultiValueMap<String, String> values;

    private QueryParameters(MultiValueMap<String, String> values) {
        this.values = values;
    }

    public static QueryParameters of(HttpServletRequest request) {
        MultiValueMap<String, String> decoded = new LinkedMultiValueMap<>();
        if (request.getQueryString() != null) {
            UriComponentsBuilder.newInstance()
                    .query(request.getQueryString())
                    .build()
                    .getQueryParams()
                    .forEach((key, values) -> values.forEach(value -> decoded.add(
                            UriUtils.decode(key, StandardCharsets.UTF_8),
                            value == null ? null : UriUtils.decode(value, StandardCharsets.UTF_8))));
        }
        return new QueryParameters(decoded);
    }

    /** The first value of {@code name}, or null when it is absent or has no value. */
    public String first(String name) {
        return values.getFirst(name);
    }
}
