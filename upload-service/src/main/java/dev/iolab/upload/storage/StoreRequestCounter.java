package dev.iolab.upload.storage;

import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelinePosition;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.policy.HttpPipelineSyncPolicy;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Counts every request the service sends the store, each try of a retried one too, by the name Azure's REST API (and
 * its bill) gives the operation: {@code iolab.upload.store.requests{operation="Put Block"}}. Azure charges per
 * transaction, so this is what an upload costs beyond its bytes, and how one design's cost is told from another's. A
 * block the tus front stages itself goes from nginx to the store and is not counted here.
 */
final class StoreRequestCounter extends HttpPipelineSyncPolicy {

    static final String METRIC = "iolab.upload.store.requests";

    private final MeterRegistry registry;
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();

    StoreRequestCounter(MeterRegistry registry) {
        this.registry = registry;
    }

    /** Once per try: a retried request is a second transaction. */
    @Override
    public HttpPipelinePosition getPipelinePosition() {
        return HttpPipelinePosition.PER_RETRY;
    }

    @Override
    protected void beforeSendingRequest(HttpPipelineCallContext context) {
        String operation = operation(context.getHttpRequest());
        counters.computeIfAbsent(
                        operation,
                        name -> Counter.builder(METRIC)
                                .description("Requests sent to the blob store, each try counted, by REST operation")
                                .tag("operation", name)
                                .register(registry))
                .increment();
    }

    /** The REST operation's name as Azure documents it, from the method, {@code comp}, {@code restype} and headers. */
    static String operation(HttpRequest request) {
        String query = request.getUrl().getQuery();
        String comp = parameter(query, "comp");
        boolean container = "container".equals(parameter(query, "restype"));
        HttpMethod method = request.getHttpMethod();
        if ("lease".equals(comp)) {
            String action = request.getHeaders().getValue("x-ms-lease-action");
            return (container ? "Lease Container" : "Lease Blob")
                    + (action == null ? "" : " (" + action.toLowerCase(Locale.ROOT) + ")");
        }
        if (comp != null) {
            return switch (method + " " + comp) {
                case "PUT block" -> "Put Block";
                case "PUT blocklist" -> "Put Block List";
                case "GET blocklist" -> "Get Block List";
                case "PUT metadata" -> container ? "Set Container Metadata" : "Set Blob Metadata";
                case "PUT properties" -> "Set Blob Properties";
                case "GET list" -> "List Blobs";
                default -> method + " " + comp;
            };
        }
        if (container) {
            return switch (method) {
                case PUT -> "Create Container";
                case DELETE -> "Delete Container";
                default -> "Get Container Properties";
            };
        }
        return switch (method) {
            case PUT ->
                request.getHeaders().getValue("x-ms-copy-source") == null
                        ? "Put Blob"
                        : "true".equals(request.getHeaders().getValue("x-ms-requires-sync"))
                                ? "Copy Blob From URL"
                                : "Copy Blob";
            case HEAD -> "Get Blob Properties";
            case GET -> "Get Blob";
            case DELETE -> "Delete Blob";
            default -> method.toString();
        };
    }

    private static String parameter(String query, String name) {
        if (query == null) {
            return null;
        }
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0 && pair.substring(0, eq).equals(name)) {
                return pair.substring(eq + 1);
            }
        }
        return null;
    }
}
