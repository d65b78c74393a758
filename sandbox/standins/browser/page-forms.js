// For the stand-in pages: once a form is sent, its buttons are disabled, so a double tap sends it
// once. (Disabled after the submit event, which still sends the value of the button pressed.)
document.addEventListener('submit', (event) => {
  setTimeout(() => {
    for (const button of event.target.querySelectorAll('button')) button.disabled = true;
  });
});
