// frame.html?src=/parts/csi.html shows that page in a 390 px frame.
document.getElementById('phone').src = new URLSearchParams(location.search).get('src');
