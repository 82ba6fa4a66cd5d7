package dev.iolab.upload.resumable;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.web.cors.CorsConfiguration;
import org.springframework.web.cors.DefaultCorsProcessor;
import org.springframework.web.cors.UrlBasedCorsConfigurationSource;
import org.springframework.web.filter.CorsFilter;

/**
 * Spring's CORS filter over {@code /files/**} with what a browser needs for tus (as tusd allows by default, less what
 * is not served): the methods tus uses, the request headers tus-js-client and Uppy send, and the tus headers of the
 * answers exposed to the page, {@code Location} and {@code Upload-Offset} first among them. No credentials (cookies):
 * the API key travels in {@code Authorization}, which a page sets itself. A preflight is answered here (200); a request
 * from an origin not allowed is refused with 403 {@code origin-not-allowed} as problem+json, by the error page.
 */
final class ResumableCors extends CorsFilter {

    /** Request headers a page may send: tus's, the API key, and what tus-js-client adds when asked to. */
    static final List<String> ALLOWED_HEADERS = List.of(
            HttpHeaders.AUTHORIZATION,
            HttpHeaders.CONTENT_TYPE,
            Tus.RESUMABLE,
            Tus.UPLOAD_LENGTH,
            Tus.UPLOAD_OFFSET,
            Tus.UPLOAD_METADATA,
            Tus.UPLOAD_CHECKSUM,
            Tus.UPLOAD_DEFER_LENGTH,
            ResumableController.METHOD_OVERRIDE,
            "X-Requested-With",
            "X-Request-ID");

    /** Answer headers a page may read: tus's, and when to try again after a capacity refusal. */
    static final List<String> EXPOSED_HEADERS = List.of(
            Tus.UPLOAD_OFFSET,
            HttpHeaders.LOCATION,
            Tus.UPLOAD_LENGTH,
            Tus.VERSION_HEADER,
            Tus.RESUMABLE,
            Tus.MAX_SIZE,
            Tus.EXTENSION,
            Tus.CHECKSUM_ALGORITHM,
            Tus.UPLOAD_METADATA,
            Tus.UPLOAD_EXPIRES,
            Tus.UPLOAD_CHECKSUM,
            HttpHeaders.RETRY_AFTER);

    ResumableCors(ResumableProperties.Cors cors) {
        super(source(cors));
        setCorsProcessor(new Processor());
    }

    private static UrlBasedCorsConfigurationSource source(ResumableProperties.Cors cors) {
        CorsConfiguration configuration = new CorsConfiguration();
        configuration.setAllowedOriginPatterns(cors.allowedOrigins());
        configuration.setAllowedMethods(List.of(
                HttpMethod.POST.name(),
                HttpMethod.HEAD.name(),
                HttpMethod.PATCH.name(),
                HttpMethod.DELETE.name(),
                HttpMethod.OPTIONS.name()));
        configuration.setAllowedHeaders(ALLOWED_HEADERS);
        configuration.setExposedHeaders(EXPOSED_HEADERS);
        configuration.setAllowCredentials(false);
        configuration.setMaxAge(cors.maxAge());
        UrlBasedCorsConfigurationSource source = new UrlBasedCorsConfigurationSource();
        source.registerCorsConfiguration("/files/**", configuration); // "/files" too
        return source;
    }

    /** Spring's checks; a refusal is answered by the service's error page, as every refusal is. */
    private static final class Processor extends DefaultCorsProcessor {

        @Override
        public boolean processRequest(
                CorsConfiguration configuration, HttpServletRequest request, HttpServletResponse response)
                throws IOException {
            if (super.processRequest(configuration, request, response)) {
                return true;
            }
            request.setAttribute(
                    RequestDispatcher.ERROR_EXCEPTION,
                    new ResumableException(
                            ResumableProblem.ORIGIN_NOT_ALLOWED,
                            "pages from this origin may not use /files/ (upload.resumable.cors.allowed-origins)"));
            response.sendError(HttpStatus.FORBIDDEN.value());
            return false;
        }

        /** Nothing written here: the error page answers. */
        @Override
        protected void rejectRequest(ServerHttpResponse response) {}
    }
}
