/* Search on a site opened from a folder on disk (file://).
 *
 * The theme's search runs in a Web Worker, and browsers refuse to start a worker from a file://
 * page. On such a page this script puts a stand-in in the place of `Worker`: it runs the worker's
 * script in a hidden frame of the same page, gives it what a worker has (postMessage, the
 * "message" event, importScripts, which here returns a promise the theme's worker waits for) and
 * passes messages both ways as copies, as a worker would. Served over http(s) it does nothing.
 *
 * The theme's worker looks for `IFrameWorker` on its parent to find its language files next to
 * its own script; the offline plugin leaves out its CDN shim because this file's name holds
 * "iframe-worker".
 */
(function () {
  "use strict";
  if (location.protocol !== "file:") {
    return;
  }

  function copy(data) {
    return typeof structuredClone === "function" ? structuredClone(data) : JSON.parse(JSON.stringify(data));
  }

  function IFrameWorker(url) {
    var target = document.createElement("div");  // an EventTarget for the page's listeners
    var frame = document.createElement("iframe");
    var pending = [];
    var ready = false;
    var self = this;

    this.onmessage = null;
    this.onerror = null;
    this.addEventListener = target.addEventListener.bind(target);
    this.removeEventListener = target.removeEventListener.bind(target);
    this.dispatchEvent = target.dispatchEvent.bind(target);

    frame.hidden = true;
    frame.setAttribute("aria-hidden", "true");
    frame.setAttribute("tabindex", "-1");
    (document.body || document.documentElement).appendChild(frame);
    var scope = frame.contentWindow;
    var doc = scope.document;

    function deliver(data) {  // from the worker to the page
      setTimeout(function () {
        var event = new MessageEvent("message", { data: copy(data) });
        if (typeof self.onmessage === "function") {
          self.onmessage(event);
        }
        target.dispatchEvent(event);
      }, 0);
    }

    function load(src) {
      return new Promise(function (resolve, reject) {
        var script = doc.createElement("script");
        script.src = new URL(src, doc.baseURI).href;
        script.onload = function () { resolve(); };
        script.onerror = function () { reject(new Error("could not load " + src)); };
        doc.head.appendChild(script);
      });
    }

    scope.postMessage = deliver;
    scope.importScripts = function () {
      var sources = Array.prototype.slice.call(arguments);
      return sources.reduce(function (done, src) {
        return done.then(function () { return load(src); });
      }, Promise.resolve());
    };

    this.postMessage = function (data) {  // from the page to the worker
      if (!ready) {
        pending.push(data);
        return;
      }
      setTimeout(function () {
        scope.dispatchEvent(new scope.MessageEvent("message", { data: scope.structuredClone ? scope.structuredClone(data) : copy(data) }));
      }, 0);
    };
    this.terminate = function () {
      frame.remove();
    };

    load(new URL(url, document.baseURI).href).then(function () {
      ready = true;
      pending.splice(0).forEach(self.postMessage);
    }, function (error) {
      var event = new ErrorEvent("error", { message: String(error) });
      if (typeof self.onerror === "function") {
        self.onerror(event);
      }
      target.dispatchEvent(event);
    });
  }

  window.IFrameWorker = IFrameWorker;
  window.Worker = IFrameWorker;
})();
