// The set-password slip: a print button (no inline scripts under the CSP).
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-print]");
  if (button) {
    window.print();
  }
});
