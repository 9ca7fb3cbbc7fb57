! QUADPACK quadrature rules: the Gauss-Kronrod pairs and their variants.
!
! Reference: R. Piessens, E. de Doncker-Kapenga, C. W. Ueberhuber,
! D. K. Kahaner, "QUADPACK: A subroutine package for automatic integration",
! Springer 1983, section 2.2 (Gauss-Kronrod rules) and 3.1 (qk15i, qk15w).
!
! Every rule evaluates the integrand through the C callback `quad_fcn`.
! The callback may set iflag < 0 to stop the computation: a rule then
! returns at once with its outputs undefined and the caller propagates the
! request (ier = -1).  The order of the floating point operations follows
! the published algorithms, so that the results agree with other QUADPACK
! implementations to the last bits.
module quadpack_rules
  use, intrinsic :: iso_c_binding, only: c_double, c_int, c_ptr
  use scijit_kinds, only: dp, ip, eps_dp, tiny_dp, huge_dp
  implicit none
  private
  public :: quad_fcn, epmach, uflow, oflow, fmax, fmin
  public :: qk15, qk21, qk31, qk41, qk51, qk61, qk_rule, qk15i, qk15w
  public :: wgt_cauchy, wgt_fourier, wgt_alglog

  ! C integrand: f(x, iflag, udata); setting iflag < 0 requests a stop.
  abstract interface
    function quad_fcn(x, iflag, udata) bind(C) result(fx)
      import :: c_double, c_int, c_ptr
      real(c_double), value :: x
      integer(c_int), intent(inout) :: iflag
      type(c_ptr), value :: udata
      real(c_double) :: fx
    end function quad_fcn
  end interface

  ! QUADPACK's machine constants d1mach(4), d1mach(1), d1mach(2).
  real(dp), parameter :: epmach = eps_dp
  real(dp), parameter :: uflow = tiny_dp
  real(dp), parameter :: oflow = huge_dp

  ! Weight functions of qk15w (QUADPACK's qwgtc, qwgtf, qwgts).
  integer(ip), parameter :: wgt_cauchy = 1   ! 1/(x - p1)
  integer(ip), parameter :: wgt_fourier = 2  ! cos(p1*x) (kp = 1) or sin(p1*x) (kp = 2)
  integer(ip), parameter :: wgt_alglog = 3   ! (x-p1)**p3 * (p2-x)**p4 * v(x), v by kp

  ! Gauss-Kronrod nodes xgk (decreasing, the centre last), Kronrod weights
  ! wgk and Gauss weights wg (the centre weight last when the Gauss rule has
  ! an odd number of points).  xgk(2), xgk(4), ... are the Gauss nodes.
  real(dp), parameter :: xgk15(8) = [ &
       0.991455371120812639206854697526329_dp, 0.949107912342758524526189684047851_dp, &
       0.864864423359769072789712788640926_dp, 0.741531185599394439863864773280788_dp, &
       0.586087235467691130294144838258730_dp, 0.405845151377397166906606412076961_dp, &
       0.207784955007898467600689403773245_dp, 0.000000000000000000000000000000000_dp]
  real(dp), parameter :: wgk15(8) = [ &
       0.022935322010529224963732008058970_dp, 0.063092092629978553290700663189204_dp, &
       0.104790010322250183839876322541518_dp, 0.140653259715525918745189590510238_dp, &
       0.169004726639267902826583426598550_dp, 0.190350578064785409913256402421014_dp, &
       0.204432940075298892414161999234649_dp, 0.209482141084727828012999174891714_dp]
  real(dp), parameter :: wg15(4) = [ &
       0.129484966168869693270611432679082_dp, 0.279705391489276667901467771423780_dp, &
       0.381830050505118944950369775488975_dp, 0.417959183673469387755102040816327_dp]
  real(dp), parameter :: xgk21(11) = [ &
       0.995657163025808080735527280689003_dp, 0.973906528517171720077964012084452_dp, &
       0.930157491355708226001207180059508_dp, 0.865063366688984510732096688423493_dp, &
       0.780817726586416897063717578345042_dp, 0.679409568299024406234327365114874_dp, &
       0.562757134668604683339000099272694_dp, 0.433395394129247190799265943165784_dp, &
       0.294392862701460198131126603103866_dp, 0.148874338981631210884826001129720_dp, &
       0.000000000000000000000000000000000_dp]
  real(dp), parameter :: wgk21(11) = [ &
       0.011694638867371874278064396062192_dp, 0.032558162307964727478818972459390_dp, &
       0.054755896574351996031381300244580_dp, 0.075039674810919952767043140916190_dp, &
       0.093125454583697605535065465083366_dp, 0.109387158802297641899210590325805_dp, &
       0.123491976262065851077958109831074_dp, 0.134709217311473325928054001771707_dp, &
       0.142775938577060080797094273138717_dp, 0.147739104901338491374841515972068_dp, &
       0.149445554002916905664936468389821_dp]
  real(dp), parameter :: wg21(5) = [ &
       0.066671344308688137593568809893332_dp, 0.149451349150580593145776339657697_dp, &
       0.219086362515982043995534934228163_dp, 0.269266719309996355091226921569469_dp, &
       0.295524224714752870173892994651338_dp]
  real(dp), parameter :: xgk31(16) = [ &
       0.998002298693397060285172840152271_dp, 0.987992518020485428489565718586613_dp, &
       0.967739075679139134257347978784337_dp, 0.937273392400705904307758947710209_dp, &
       0.897264532344081900882509656454496_dp, 0.848206583410427216200648320774217_dp, &
       0.790418501442465932967649294817947_dp, 0.724417731360170047416186054613938_dp, &
       0.650996741297416970533735895313275_dp, 0.570972172608538847537226737253911_dp, &
       0.485081863640239680693655740232351_dp, 0.394151347077563369897207370981045_dp, &
       0.299180007153168812166780024266389_dp, 0.201194093997434522300628303394596_dp, &
       0.101142066918717499027074231447392_dp, 0.000000000000000000000000000000000_dp]
  real(dp), parameter :: wgk31(16) = [ &
       0.005377479872923348987792051430128_dp, 0.015007947329316122538374763075807_dp, &
       0.025460847326715320186874001019653_dp, 0.035346360791375846222037948478360_dp, &
       0.044589751324764876608227299373280_dp, 0.053481524690928087265343147239430_dp, &
       0.062009567800670640285139230960803_dp, 0.069854121318728258709520077099147_dp, &
       0.076849680757720378894432777482659_dp, 0.083080502823133021038289247286104_dp, &
       0.088564443056211770647275443693774_dp, 0.093126598170825321225486872747346_dp, &
       0.096642726983623678505179907627589_dp, 0.099173598721791959332393173484603_dp, &
       0.100769845523875595044946662617570_dp, 0.101330007014791549017374792767493_dp]
  real(dp), parameter :: wg31(8) = [ &
       0.030753241996117268354628393577204_dp, 0.070366047488108124709267416450667_dp, &
       0.107159220467171935011869546685869_dp, 0.139570677926154314447804794511028_dp, &
       0.166269205816993933553200860481209_dp, 0.186161000015562211026800561866423_dp, &
       0.198431485327111576456118326443839_dp, 0.202578241925561272880620199967519_dp]
  real(dp), parameter :: xgk41(21) = [ &
       0.998859031588277663838315576545863_dp, 0.993128599185094924786122388471320_dp, &
       0.981507877450250259193342994720217_dp, 0.963971927277913791267666131197277_dp, &
       0.940822633831754753519982722212443_dp, 0.912234428251325905867752441203298_dp, &
       0.878276811252281976077442995113078_dp, 0.839116971822218823394529061701521_dp, &
       0.795041428837551198350638833272788_dp, 0.746331906460150792614305070355642_dp, &
       0.693237656334751384805490711845932_dp, 0.636053680726515025452836696226286_dp, &
       0.575140446819710315342946036586425_dp, 0.510867001950827098004364050955251_dp, &
       0.443593175238725103199992213492640_dp, 0.373706088715419560672548177024927_dp, &
       0.301627868114913004320555356858592_dp, 0.227785851141645078080496195368575_dp, &
       0.152605465240922675505220241022678_dp, 0.076526521133497333754640409398838_dp, &
       0.000000000000000000000000000000000_dp]
  real(dp), parameter :: wgk41(21) = [ &
       0.003073583718520531501218293246031_dp, 0.008600269855642942198661787950102_dp, &
       0.014626169256971252983787960308868_dp, 0.020388373461266523598010231432755_dp, &
       0.025882133604951158834505067096153_dp, 0.031287306777032798958543119323801_dp, &
       0.036600169758200798030557240707211_dp, 0.041668873327973686263788305936895_dp, &
       0.046434821867497674720231880926108_dp, 0.050944573923728691932707670050345_dp, &
       0.055195105348285994744832372419777_dp, 0.059111400880639572374967220648594_dp, &
       0.062653237554781168025870122174255_dp, 0.065834597133618422111563556969398_dp, &
       0.068648672928521619345623411885368_dp, 0.071054423553444068305790361723210_dp, &
       0.073030690332786667495189417658913_dp, 0.074582875400499188986581418362488_dp, &
       0.075704497684556674659542775376617_dp, 0.076377867672080736705502835038061_dp, &
       0.076600711917999656445049901530102_dp]
  real(dp), parameter :: wg41(10) = [ &
       0.017614007139152118311861962351853_dp, 0.040601429800386941331039952274932_dp, &
       0.062672048334109063569506535187042_dp, 0.083276741576704748724758143222046_dp, &
       0.101930119817240435036750135480350_dp, 0.118194531961518417312377377711382_dp, &
       0.131688638449176626898494499748163_dp, 0.142096109318382051329298325067165_dp, &
       0.149172986472603746787828737001969_dp, 0.152753387130725850698084331955098_dp]
  real(dp), parameter :: xgk51(26) = [ &
       0.999262104992609834193457486540341_dp, 0.995556969790498097908784946893902_dp, &
       0.988035794534077247637331014577406_dp, 0.976663921459517511498315386479594_dp, &
       0.961614986425842512418130033660167_dp, 0.942974571228974339414011169658471_dp, &
       0.920747115281701561746346084546331_dp, 0.894991997878275368851042006782805_dp, &
       0.865847065293275595448996969588340_dp, 0.833442628760834001421021108693570_dp, &
       0.797873797998500059410410904994307_dp, 0.759259263037357630577282865204361_dp, &
       0.717766406813084388186654079773298_dp, 0.673566368473468364485120633247622_dp, &
       0.626810099010317412788122681624518_dp, 0.577662930241222967723689841612654_dp, &
       0.526325284334719182599623778158010_dp, 0.473002731445714960522182115009192_dp, &
       0.417885382193037748851814394594572_dp, 0.361172305809387837735821730127641_dp, &
       0.303089538931107830167478909980339_dp, 0.243866883720988432045190362797452_dp, &
       0.183718939421048892015969888759528_dp, 0.122864692610710396387359818808037_dp, &
       0.061544483005685078886546392366797_dp, 0.000000000000000000000000000000000_dp]
  real(dp), parameter :: wgk51(26) = [ &
       0.001987383892330315926507851882843_dp, 0.005561932135356713758040236901066_dp, &
       0.009473973386174151607207710523655_dp, 0.013236229195571674813656405846976_dp, &
       0.016847817709128298231516667536336_dp, 0.020435371145882835456568292235939_dp, &
       0.024009945606953216220092489164881_dp, 0.027475317587851737802948455517811_dp, &
       0.030792300167387488891109020215229_dp, 0.034002130274329337836748795229551_dp, &
       0.037116271483415543560330625367620_dp, 0.040083825504032382074839284467076_dp, &
       0.042872845020170049476895792439495_dp, 0.045502913049921788909870584752660_dp, &
       0.047982537138836713906392255756915_dp, 0.050277679080715671963325259433440_dp, &
       0.052362885806407475864366712137873_dp, 0.054251129888545490144543370459876_dp, &
       0.055950811220412317308240686382747_dp, 0.057437116361567832853582693939506_dp, &
       0.058689680022394207961974175856788_dp, 0.059720340324174059979099291932562_dp, &
       0.060539455376045862945360267517565_dp, 0.061128509717053048305859030416293_dp, &
       0.061471189871425316661544131965264_dp, 0.061580818067832935078759824240066_dp]
  real(dp), parameter :: wg51(13) = [ &
       0.011393798501026287947902964113235_dp, 0.026354986615032137261901815295299_dp, &
       0.040939156701306312655623487711646_dp, 0.054904695975835191925936891540473_dp, &
       0.068038333812356917207187185656708_dp, 0.080140700335001018013234959669111_dp, &
       0.091028261982963649811497220702892_dp, 0.100535949067050644202206890392686_dp, &
       0.108519624474263653116093957050117_dp, 0.114858259145711648339325545869556_dp, &
       0.119455763535784772228178126512901_dp, 0.122242442990310041688959518945852_dp, &
       0.123176053726715451203902873079050_dp]
  real(dp), parameter :: xgk61(31) = [ &
       0.999484410050490637571325895705811_dp, 0.996893484074649540271630050918695_dp, &
       0.991630996870404594858628366109486_dp, 0.983668123279747209970032581605663_dp, &
       0.973116322501126268374693868423707_dp, 0.960021864968307512216871025581798_dp, &
       0.944374444748559979415831324037439_dp, 0.926200047429274325879324277080474_dp, &
       0.905573307699907798546522558925958_dp, 0.882560535792052681543116462530226_dp, &
       0.857205233546061098958658510658944_dp, 0.829565762382768397442898119732502_dp, &
       0.799727835821839083013668942322683_dp, 0.767777432104826194917977340974503_dp, &
       0.733790062453226804726171131369528_dp, 0.697850494793315796932292388026640_dp, &
       0.660061064126626961370053668149271_dp, 0.620526182989242861140477556431189_dp, &
       0.579345235826361691756024932172540_dp, 0.536624148142019899264169793311073_dp, &
       0.492480467861778574993693061207709_dp, 0.447033769538089176780609900322854_dp, &
       0.400401254830394392535476211542661_dp, 0.352704725530878113471037207089374_dp, &
       0.304073202273625077372677107199257_dp, 0.254636926167889846439805129817805_dp, &
       0.204525116682309891438957671002025_dp, 0.153869913608583546963794672743256_dp, &
       0.102806937966737030147096751318001_dp, 0.051471842555317695833025213166723_dp, &
       0.000000000000000000000000000000000_dp]
  real(dp), parameter :: wgk61(31) = [ &
       0.001389013698677007624551591226760_dp, 0.003890461127099884051267201844516_dp, &
       0.006630703915931292173319826369750_dp, 0.009273279659517763428441146892024_dp, &
       0.011823015253496341742232898853251_dp, 0.014369729507045804812451432443580_dp, &
       0.016920889189053272627572289420322_dp, 0.019414141193942381173408951050128_dp, &
       0.021828035821609192297167485738339_dp, 0.024191162078080601365686370725232_dp, &
       0.026509954882333101610601709335075_dp, 0.028754048765041292843978785354334_dp, &
       0.030907257562387762472884252943092_dp, 0.032981447057483726031814191016854_dp, &
       0.034979338028060024137499670731468_dp, 0.036882364651821229223911065617136_dp, &
       0.038678945624727592950348651532281_dp, 0.040374538951535959111995279752468_dp, &
       0.041969810215164246147147541285970_dp, 0.043452539701356069316831728117073_dp, &
       0.044814800133162663192355551616723_dp, 0.046059238271006988116271735559374_dp, &
       0.047185546569299153945261478181099_dp, 0.048185861757087129140779492298305_dp, &
       0.049055434555029778887528165367238_dp, 0.049795683427074206357811569379942_dp, &
       0.050405921402782346840893085653585_dp, 0.050881795898749606492297473049805_dp, &
       0.051221547849258772170656282604944_dp, 0.051426128537459025933862879215781_dp, &
       0.051494729429451567558340433647099_dp]
  real(dp), parameter :: wg61(15) = [ &
       0.007968192496166605615465883474674_dp, 0.018466468311090959142302131912047_dp, &
       0.028784707883323369349719179611292_dp, 0.038799192569627049596801936446348_dp, &
       0.048402672830594052902938140422808_dp, 0.057493156217619066481721689402056_dp, &
       0.065974229882180495128128515115962_dp, 0.073755974737705206268243850022191_dp, &
       0.080755895229420215354694938460530_dp, 0.086899787201082979802387530715126_dp, &
       0.092122522237786128717632707087619_dp, 0.096368737174644259639468626351810_dp, &
       0.099593420586795267062780282103569_dp, 0.101762389748405504596428952168554_dp, &
       0.102852652893558840341285636705415_dp]
  real(dp), parameter :: xgk15w(8) = [ &
       0.9914553711208126_dp, 0.9491079123427585_dp, &
       0.8648644233597691_dp, 0.7415311855993944_dp, &
       0.5860872354676911_dp, 0.4058451513773972_dp, &
       0.2077849550078985_dp, 0.0000000000000000_dp]
  real(dp), parameter :: wgk15w(8) = [ &
       0.2293532201052922e-01_dp, 0.6309209262997855e-01_dp, &
       0.1047900103222502_dp, 0.1406532597155259_dp, &
       0.1690047266392679_dp, 0.1903505780647854_dp, &
       0.2044329400752989_dp, 0.2094821410847278_dp]
  real(dp), parameter :: wg15w(4) = [ &
       0.1294849661688697_dp, 0.2797053914892767_dp, &
       0.3818300505051189_dp, 0.4179591836734694_dp]

contains

  ! C's fmax and fmin: a NaN argument is ignored.  Fortran's MAX and MIN
  ! leave NaN to the compiler (gfortran: max(inf, NaN) is NaN, min(1, NaN)
  ! is 1), and the outcome on an integrand that returns inf or NaN hangs on
  ! it: scipy's QUADPACK is C, so with these our answers there are scipy's.
  elemental real(dp) function fmax(x, y)
    real(dp), intent(in) :: x, y
    if (y > x .or. x /= x) then
      fmax = y
    else
      fmax = x
    end if
  end function fmax

  elemental real(dp) function fmin(x, y)
    real(dp), intent(in) :: x, y
    if (y < x .or. x /= x) then
      fmin = y
    else
      fmin = x
    end if
  end function fmin

  ! Apply the (2n+1)-point Gauss-Kronrod rule given by xgk, wgk, wg to f on
  ! [a,b]: result = Kronrod estimate, abserr = QUADPACK's error estimate
  ! built from |K - G|, resabs ~ integral of |f|, resasc ~ integral of
  ! |f - mean f|.  QUADPACK routines qk15 ... qk61 (Piessens et al. 1983,
  ! p. 46-49); all six share this operation order.
  recursive subroutine gauss_kronrod(f, udata, xgk, wgk, wg, a, b, result, abserr, &
                           resabs, resasc, iflag)
    procedure(quad_fcn) :: f
    type(c_ptr), intent(in) :: udata
    real(dp), intent(in) :: xgk(:), wgk(:), wg(:)
    real(dp), intent(in) :: a, b
    real(dp), intent(out) :: result, abserr, resabs, resasc
    integer(ip), intent(inout) :: iflag
    real(dp) :: fv1(30), fv2(30)
    real(dp) :: centr, hlgth, dhlgth, fc, resg, resk, reskh
    real(dp) :: absc, fval1, fval2, fsum
    integer(ip) :: n, j, jj

    result = 0.0_dp
    abserr = 0.0_dp
    resabs = 0.0_dp
    resasc = 0.0_dp
    n = size(xgk, kind=ip)
    centr = 0.5_dp*(a + b)
    hlgth = 0.5_dp*(b - a)
    dhlgth = abs(hlgth)

    fc = f(centr, iflag, udata)
    if (iflag < 0) return
    if (mod(n, 2) == 0) then      ! the Gauss rule contains the centre
      resg = wg(size(wg))*fc
    else
      resg = 0.0_dp
    end if
    resk = wgk(n)*fc
    resabs = abs(resk)
    ! Gauss nodes (shared by both rules)
    do j = 1, (n - 1)/2
      jj = 2*j
      absc = hlgth*xgk(jj)
      fval1 = f(centr - absc, iflag, udata)
      if (iflag < 0) return
      fval2 = f(centr + absc, iflag, udata)
      if (iflag < 0) return
      fv1(jj) = fval1
      fv2(jj) = fval2
      fsum = fval1 + fval2
      resg = resg + wg(j)*fsum
      resk = resk + wgk(jj)*fsum
      resabs = resabs + wgk(jj)*(abs(fval1) + abs(fval2))
    end do
    ! Kronrod-only nodes
    do j = 1, n/2
      jj = 2*j - 1
      absc = hlgth*xgk(jj)
      fval1 = f(centr - absc, iflag, udata)
      if (iflag < 0) return
      fval2 = f(centr + absc, iflag, udata)
      if (iflag < 0) return
      fv1(jj) = fval1
      fv2(jj) = fval2
      fsum = fval1 + fval2
      resk = resk + wgk(jj)*fsum
      resabs = resabs + wgk(jj)*(abs(fval1) + abs(fval2))
    end do
    reskh = resk*0.5_dp
    resasc = wgk(n)*abs(fc - reskh)
    do j = 1, n - 1
      resasc = resasc + wgk(j)*(abs(fv1(j) - reskh) + abs(fv2(j) - reskh))
    end do
    result = resk*hlgth
    resabs = resabs*dhlgth
    resasc = resasc*dhlgth
    abserr = abs((resk - resg)*hlgth)
    call scale_error(abserr, resabs, resasc)
  end subroutine gauss_kronrod

  ! QUADPACK's error heuristic shared by all Gauss-Kronrod rules:
  ! abserr = resasc*min(1, (200*|K-G|/resasc)**1.5), bounded below by
  ! 50*eps*resabs (Piessens et al. 1983, p. 41).
  pure subroutine scale_error(abserr, resabs, resasc)
    real(dp), intent(inout) :: abserr
    real(dp), intent(in) :: resabs, resasc
    if (resasc /= 0.0_dp .and. abserr /= 0.0_dp) then
      abserr = resasc*fmin(1.0_dp, (200.0_dp*abserr/resasc)**1.5_dp)
    end if
    if (resabs > uflow/(50.0_dp*epmach)) then
      abserr = fmax(epmach*50.0_dp*resabs, abserr)
    end if
  end subroutine scale_error

  ! 15-point Gauss-Kronrod rule on [a,b] (QUADPACK qk15).
  recursive subroutine qk15(f, udata, a, b, result, abserr, resabs, resasc, iflag)
    procedure(quad_fcn) :: f
    type(c_ptr), intent(in) :: udata
    real(dp), intent(in) :: a, b
    real(dp), intent(out) :: result, abserr, resabs, resasc
    integer(ip), intent(inout) :: iflag
    call gauss_kronrod(f, udata, xgk15, wgk15, wg15, a, b, result, abserr, &
                       resabs, resasc, iflag)
  end subroutine qk15

  ! 21-point Gauss-Kronrod rule on [a,b] (QUADPACK qk21).
  recursive subroutine qk21(f, udata, a, b, result, abserr, resabs, resasc, iflag)
    procedure(quad_fcn) :: f
    type(c_ptr), intent(in) :: udata
    real(dp), intent(in) :: a, b
    real(dp), intent(out) :: result, abserr, resabs, resasc
    integer(ip), intent(inout) :: iflag
    call gauss_kronrod(f, udata, xgk21, wgk21, wg21, a, b, result, abserr, &
                       resabs, resasc, iflag)
  end subroutine qk21

  ! 31-point Gauss-Kronrod rule on [a,b] (QUADPACK qk31).
  recursive subroutine qk31(f, udata, a, b, result, abserr, resabs, resasc, iflag)
    procedure(quad_fcn) :: f
    type(c_ptr), intent(in) :: udata
    real(dp), intent(in) :: a, b
    real(dp), intent(out) :: result, abserr, resabs, resasc
    integer(ip), intent(inout) :: iflag
    call gauss_kronrod(f, udata, xgk31, wgk31, wg31, a, b, result, abserr, &
                       resabs, resasc, iflag)
  end subroutine qk31

  ! 41-point Gauss-Kronrod rule on [a,b] (QUADPACK qk41).
  recursive subroutine qk41(f, udata, a, b, result, abserr, resabs, resasc, iflag)
    procedure(quad_fcn) :: f
    type(c_ptr), intent(in) :: udata
    real(dp), intent(in) :: a, b
    real(dp), intent(out) :: result, abserr, resabs, resasc
    integer(ip), intent(inout) :: iflag
    call gauss_kronrod(f, udata, xgk41, wgk41, wg41, a, b, result, abserr, &
                       resabs, resasc, iflag)
  end subroutine qk41

  ! 51-point Gauss-Kronrod rule on [a,b] (QUADPACK qk51).
  recursive subroutine qk51(f, udata, a, b, result, abserr, resabs, resasc, iflag)
    procedure(quad_fcn) :: f
    type(c_ptr), intent(in) :: udata
    real(dp), intent(in) :: a, b
    real(dp), intent(out) :: result, abserr, resabs, resasc
    integer(ip), intent(inout) :: iflag
    call gauss_kronrod(f, udata, xgk51, wgk51, wg51, a, b, result, abserr, &
                       resabs, resasc, iflag)
  end subroutine qk51

  ! 61-point Gauss-Kronrod rule on [a,b] (QUADPACK qk61).
  recursive subroutine qk61(f, udata, a, b, result, abserr, resabs, resasc, iflag)
    procedure(quad_fcn) :: f
    type(c_ptr), intent(in) :: udata
    real(dp), intent(in) :: a, b
    real(dp), intent(out) :: result, abserr, resabs, resasc
    integer(ip), intent(inout) :: iflag
    call gauss_kronrod(f, udata, xgk61, wgk61, wg61, a, b, result, abserr, &
                       resabs, resasc, iflag)
  end subroutine qk61

  ! Dispatch on the number of Kronrod points (15, 21, 31, 41, 51, 61).
  ! ok = .false. (outputs zero, f not called) for any other npoints.
  recursive subroutine qk_rule(f, udata, npoints, a, b, result, abserr, resabs, resasc, &
                     iflag, ok)
    procedure(quad_fcn) :: f
    type(c_ptr), intent(in) :: udata
    integer(ip), intent(in) :: npoints
    real(dp), intent(in) :: a, b
    real(dp), intent(out) :: result, abserr, resabs, resasc
    integer(ip), intent(inout) :: iflag
    logical, intent(out) :: ok
    ok = .true.
    select case (npoints)
    case (15)
      call qk15(f, udata, a, b, result, abserr, resabs, resasc, iflag)
    case (21)
      call qk21(f, udata, a, b, result, abserr, resabs, resasc, iflag)
    case (31)
      call qk31(f, udata, a, b, result, abserr, resabs, resasc, iflag)
    case (41)
      call qk41(f, udata, a, b, result, abserr, resabs, resasc, iflag)
    case (51)
      call qk51(f, udata, a, b, result, abserr, resabs, resasc, iflag)
    case (61)
      call qk61(f, udata, a, b, result, abserr, resabs, resasc, iflag)
    case default
      ok = .false.
      result = 0.0_dp
      abserr = 0.0_dp
      resabs = 0.0_dp
      resasc = 0.0_dp
    end select
  end subroutine qk_rule

  ! 15-point transformed Gauss-Kronrod rule for a (semi-)infinite range
  ! (QUADPACK qk15i, Piessens et al. 1983, p. 64).  The range is mapped to
  ! (0,1] by x = boun + dinf*(1-t)/t; [a,b] is a subrange of (0,1].  For
  ! inf = 2 (whole real line) f(x) + f(-x) is integrated with boun = 0.
  recursive subroutine qk15i(f, udata, boun, inf, a, b, result, abserr, resabs, resasc, &
                   iflag)
    procedure(quad_fcn) :: f
    type(c_ptr), intent(in) :: udata
    real(dp), intent(in) :: boun, a, b
    integer(ip), intent(in) :: inf
    real(dp), intent(out) :: result, abserr, resabs, resasc
    integer(ip), intent(inout) :: iflag
    ! Gauss weights aligned with xgk15 (zero at Kronrod-only nodes)
    real(dp), parameter :: wgi(8) = [0.0_dp, wg15(1), 0.0_dp, wg15(2), &
                                     0.0_dp, wg15(3), 0.0_dp, wg15(4)]
    real(dp) :: fv1(7), fv2(7)
    real(dp) :: dinf, centr, hlgth, tabsc1, tabsc2, fval1, fval2, fc
    real(dp) :: resg, resk, reskh, absc, absc1, absc2, fsum
    integer(ip) :: j

    result = 0.0_dp
    abserr = 0.0_dp
    resabs = 0.0_dp
    resasc = 0.0_dp
    dinf = real(min(1_ip, inf), dp)
    centr = 0.5_dp*(a + b)
    hlgth = 0.5_dp*(b - a)
    tabsc1 = boun + dinf*(1.0_dp - centr)/centr
    fval1 = f(tabsc1, iflag, udata)
    if (iflag < 0) return
    if (inf == 2) then
      fval1 = fval1 + f(-tabsc1, iflag, udata)
      if (iflag < 0) return
    end if
    fc = (fval1/centr)/centr
    resg = fc*wgi(8)
    resk = fc*wgk15(8)
    resabs = abs(resk)
    do j = 1, 7
      absc = hlgth*xgk15(j)
      absc1 = centr - absc
      absc2 = centr + absc
      tabsc1 = boun + dinf*(1.0_dp - absc1)/absc1
      tabsc2 = boun + dinf*(1.0_dp - absc2)/absc2
      fval1 = f(tabsc1, iflag, udata)
      if (iflag < 0) return
      fval2 = f(tabsc2, iflag, udata)
      if (iflag < 0) return
      if (inf == 2) then
        fval1 = fval1 + f(-tabsc1, iflag, udata)
        if (iflag < 0) return
        fval2 = fval2 + f(-tabsc2, iflag, udata)
        if (iflag < 0) return
      end if
      fval1 = (fval1/absc1)/absc1
      fval2 = (fval2/absc2)/absc2
      fv1(j) = fval1
      fv2(j) = fval2
      fsum = fval1 + fval2
      resg = resg + wgi(j)*fsum
      resk = resk + wgk15(j)*fsum
      resabs = resabs + wgk15(j)*(abs(fval1) + abs(fval2))
    end do
    reskh = resk*0.5_dp
    resasc = wgk15(8)*abs(fc - reskh)
    do j = 1, 7
      resasc = resasc + wgk15(j)*(abs(fv1(j) - reskh) + abs(fv2(j) - reskh))
    end do
    result = resk*hlgth
    resasc = resasc*hlgth
    resabs = resabs*hlgth
    abserr = abs((resk - resg)*hlgth)
    call scale_error(abserr, resabs, resasc)
  end subroutine qk15i

  ! Weight function w(x) of qk15w.  kind selects QUADPACK's qwgtc (Cauchy),
  ! qwgtf (cos/sin) or qwgts (algebraico-logarithmic end-point weight
  ! (x-a)**alfa (b-x)**beta v(x), v = 1, log(x-a), log(b-x), both logs).
  pure function weight(kind, x, p1, p2, p3, p4, kp) result(w)
    integer(ip), intent(in) :: kind
    real(dp), intent(in) :: x, p1, p2, p3, p4
    integer(ip), intent(in) :: kp
    real(dp) :: w, xma, bmx
    select case (kind)
    case (wgt_cauchy)
      w = 1.0_dp/(x - p1)
    case (wgt_fourier)
      if (kp == 1) then
        w = cos(p1*x)
      else
        w = sin(p1*x)
      end if
    case default
      xma = x - p1
      bmx = p2 - x
      w = xma**p3*bmx**p4
      select case (kp)
      case (2)
        w = w*log(xma)
      case (3)
        w = w*log(bmx)
      case (4)
        w = w*log(xma)*log(bmx)
      end select
    end select
  end function weight

  ! 15-point Gauss-Kronrod rule for w(x)*f(x) on [a,b] with one of the
  ! weights above (QUADPACK qk15w, Piessens et al. 1983, p. 151).  Uses the
  ! 16-digit node and weight values of the published qk15w.
  recursive subroutine qk15w(f, udata, kind, p1, p2, p3, p4, kp, a, b, result, abserr, &
                   resabs, resasc, iflag)
    procedure(quad_fcn) :: f
    type(c_ptr), intent(in) :: udata
    integer(ip), intent(in) :: kind
    real(dp), intent(in) :: p1, p2, p3, p4, a, b
    integer(ip), intent(in) :: kp
    real(dp), intent(out) :: result, abserr, resabs, resasc
    integer(ip), intent(inout) :: iflag
    real(dp) :: fv1(7), fv2(7)
    real(dp) :: centr, hlgth, dhlgth, fc, resg, resk, reskh
    real(dp) :: absc, absc1, absc2, fval1, fval2, fsum
    integer(ip) :: j, jj

    result = 0.0_dp
    abserr = 0.0_dp
    resabs = 0.0_dp
    resasc = 0.0_dp
    centr = 0.5_dp*(b + a)
    hlgth = 0.5_dp*(b - a)
    dhlgth = abs(hlgth)
    fc = f(centr, iflag, udata)
    if (iflag < 0) return
    fc = fc*weight(kind, centr, p1, p2, p3, p4, kp)
    resg = wg15w(4)*fc
    resk = wgk15w(8)*fc
    resabs = abs(resk)
    do j = 1, 3
      jj = 2*j
      absc = hlgth*xgk15w(jj)
      absc1 = centr - absc
      absc2 = centr + absc
      fval1 = f(absc1, iflag, udata)
      if (iflag < 0) return
      fval1 = fval1*weight(kind, absc1, p1, p2, p3, p4, kp)
      fval2 = f(absc2, iflag, udata)
      if (iflag < 0) return
      fval2 = fval2*weight(kind, absc2, p1, p2, p3, p4, kp)
      fv1(jj) = fval1
      fv2(jj) = fval2
      fsum = fval1 + fval2
      resg = resg + wg15w(j)*fsum
      resk = resk + wgk15w(jj)*fsum
      resabs = resabs + wgk15w(jj)*(abs(fval1) + abs(fval2))
    end do
    do j = 1, 4
      jj = 2*j - 1
      absc = hlgth*xgk15w(jj)
      absc1 = centr - absc
      absc2 = centr + absc
      fval1 = f(absc1, iflag, udata)
      if (iflag < 0) return
      fval1 = fval1*weight(kind, absc1, p1, p2, p3, p4, kp)
      fval2 = f(absc2, iflag, udata)
      if (iflag < 0) return
      fval2 = fval2*weight(kind, absc2, p1, p2, p3, p4, kp)
      fv1(jj) = fval1
      fv2(jj) = fval2
      fsum = fval1 + fval2
      resk = resk + wgk15w(jj)*fsum
      resabs = resabs + wgk15w(jj)*(abs(fval1) + abs(fval2))
    end do
    reskh = resk*0.5_dp
    resasc = wgk15w(8)*abs(fc - reskh)
    do j = 1, 7
      resasc = resasc + wgk15w(j)*(abs(fv1(j) - reskh) + abs(fv2(j) - reskh))
    end do
    result = resk*hlgth
    resabs = resabs*dhlgth
    resasc = resasc*dhlgth
    abserr = abs((resk - resg)*hlgth)
    call scale_error(abserr, resabs, resasc)
  end subroutine qk15w

end module quadpack_rules
