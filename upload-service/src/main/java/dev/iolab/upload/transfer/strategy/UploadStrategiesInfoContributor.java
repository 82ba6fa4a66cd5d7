package dev.iolab.upload.transfer.strategy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.stereotype.Component;

/**
 * Publishes the strategy IDs at {@code GET /actuator/info} as
 * {@code {"upload":{"strategies":["in-memory",...],"defaultStrategy":"temp-file"}}}: the one list the study, the load
 * test and the scripts read at run time instead of keeping their own copies.
 */
@Component
class UploadStrategiesInfoContributor implements InfoContributor {

    private final UploadStrategies strategies;

    UploadStrategiesInfoContributor(UploadStrategies strategies) {
        this.strategies = strategies;
    }

    @Override
    public void contribute(Info.Builder builder) {
        Map<String, Object> upload = new LinkedHashMap<>();
        upload.put("strategies", strategies.ids());
        upload.put("defaultStrategy", strategies.defaultId());
        builder.withDetail("upload", upload);
    }
}
