package dev.iolab.upload.web;

import org.apache.catalina.core.StandardHost;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Installs {@link ProblemReportValve} as the host's error report valve, so that what Tomcat answers itself (a
 * malformed request line, headers too large) is problem+json too, not Tomcat's HTML page.
 */
@Configuration(proxyBeanMethods = false)
class ErrorReportConfiguration {

    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> problemReportValve() {
        return factory -> factory.addContextCustomizers(context -> {
            if (context.getParent() instanceof StandardHost host) {
                host.setErrorReportValveClass(ProblemReportValve.class.getName());
            }
        });
    }
}
