package dev.iolab.upload.client;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.security.Principal;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Lets {@code /actuator/health} show its details ({@code management.endpoint.health.show-details=when-authorized})
 * only to a caller with the API key: such a request gets a principal, which is what Boot's "authorized" means without
 * Spring Security. Everyone else gets the status alone, which is all a liveness or readiness probe needs. Without a
 * configured key, every caller is authorized, as every route is open then.
 */
final class ApiKeyHealthFilter extends OncePerRequestFilter {

    private static final Principal API_KEY_HOLDER = () -> "api-key";

    private final ApiKey key;

    ApiKeyHealthFilter(ApiKey key) {
        this.key = key;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        chain.doFilter(authorized(request) ? new WithPrincipal(request) : request, response);
    }

    private boolean authorized(HttpServletRequest request) {
        return !key.configured() || key.presentedBy(request);
    }

    private static final class WithPrincipal extends HttpServletRequestWrapper {

        WithPrincipal(HttpServletRequest request) {
            super(request);
        }

        @Override
        public Principal getUserPrincipal() {
            return API_KEY_HOLDER;
        }

        @Override
        public boolean isUserInRole(String role) {
            return true;
        }
    }
}
