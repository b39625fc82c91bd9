// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Amounts stay event data (topics are for filtering).
/* solhint-disable gas-indexed-events */

/// @title IEternoVault
/// @author ETERNO
/// @notice The vault (the spec's "manager"): server-signed deposits (`diveInWithToken`), withdrawals
///         (`withdraw`) and exchanges (`pureTransfer`). Every call carries an EIP-712 signature of the
///         server's signer over the caller, the call's fields, the caller's next nonce of that kind
///         (read by the contract, so it is not an argument) and a deadline. The EIP-712 domain is
///         name "EternoVault", version "1", the chain id and the vault's address (ERC-5267
///         `eip712Domain()`). Typed data:
///         DiveIn(address user,uint256 custom,uint256 custom1,address token,uint256 amount,uint256 nonce,uint256 deadline)
///         Withdraw(address user,address token,uint256 amount,uint256 nonce,uint256 deadline)
///         Exchange(address user,address tokenIn,uint256 amountIn,address tokenOut,uint256 amountOut,uint256 nonce,uint256 deadline)
interface IEternoVault {
    /// @notice `user` deposited: `amount` is what the vault actually received.
    /// @param user The depositor.
    /// @param token The token deposited.
    /// @param amount What the vault actually received.
    /// @param custom The signed `custom` (0: a plain top-up of the user's ledger balance).
    /// @param custom1 The signed `custom1`.
    /// @param nonce The DiveIn nonce the signature carried.
    event DivedIn(
        address indexed user, address indexed token, uint256 amount, uint256 custom, uint256 custom1, uint256 nonce
    );

    /// @notice `user` withdrew `amount` of `token` with the voucher (`nonce`, `deadline`).
    /// @param user The receiver.
    /// @param token The token paid.
    /// @param amount The amount paid.
    /// @param nonce The voucher's Withdraw nonce.
    /// @param deadline The voucher's deadline.
    event Withdrawn(address indexed user, address indexed token, uint256 amount, uint256 nonce, uint256 deadline);

    /// @notice `user` paid `amountIn` of `tokenIn` and received `amountOut` of `tokenOut`.
    /// @param user The user.
    /// @param tokenIn The token paid in.
    /// @param amountIn The amount paid in.
    /// @param tokenOut The token paid out.
    /// @param amountOut The amount paid out.
    /// @param nonce The quote's Exchange nonce.
    event Exchanged(
        address indexed user,
        address indexed tokenIn,
        uint256 amountIn,
        address indexed tokenOut,
        uint256 amountOut,
        uint256 nonce
    );

    /// @notice Someone added `amount` of `token` to the vault's reserve (no user is credited).
    /// @param from Who paid it.
    /// @param token The token.
    /// @param amount What the vault actually received.
    event Funded(address indexed from, address indexed token, uint256 amount);

    /// @notice A token's acceptance and payout caps now in force (per transaction and per UTC day vault-wide
    ///         and per user).
    /// @param token The token.
    /// @param allowed Whether deposits, fundings and exchange inputs may use it.
    /// @param perTxCap Most one payout may be.
    /// @param perDayCap Most the token's net outflow (payouts less inflows, floor 0) may be in one UTC day.
    /// @param perUserDayCap Most one user may be paid of the token in one UTC day.
    event TokenConfigured(
        address indexed token, bool allowed, uint256 perTxCap, uint256 perDayCap, uint256 perUserDayCap
    );

    /// @notice The owner proposed new caps for `token`, which may be activated from `eta`.
    /// @param token The token.
    /// @param perTxCap The proposed per-transaction cap.
    /// @param perDayCap The proposed vault-wide day cap.
    /// @param perUserDayCap The proposed per-user day cap.
    /// @param eta When they may be activated (unix seconds).
    event TokenCapsProposed(
        address indexed token, uint256 perTxCap, uint256 perDayCap, uint256 perUserDayCap, uint256 eta
    );

    /// @notice A pending cap proposal of `token` was withdrawn (by the owner, or by a cap lowered at once).
    /// @param token The token.
    event TokenCapsProposalCancelled(address indexed token);

    /// @notice `amount` of `token` was added to its exchange budget (a funding, or an exchange's input).
    /// @param token The token.
    /// @param amount What was added.
    /// @param budget The budget after it.
    event ExchangeBudgetAdded(address indexed token, uint256 amount, uint256 budget);

    /// @notice The owner paused deposits and exchanges, and withdrawals until `withdrawalsReopenAt` at the
    ///         latest (the pause's maximum; an unpause reopens them earlier).
    /// @param account The owner.
    /// @param withdrawalsReopenAt When withdrawals reopen by themselves (unix seconds).
    event Paused(address account, uint256 withdrawalsReopenAt);

    /// @notice The owner ended the pause.
    /// @param account The owner.
    event Unpaused(address account);

    /// @notice The owner proposed `signer`, which may be activated from `eta`.
    /// @param signer The proposed signer.
    /// @param eta When it may be activated (unix seconds).
    event SignerProposed(address indexed signer, uint256 eta);

    /// @notice The owner withdrew a pending signer proposal.
    /// @param signer The signer that was proposed.
    event SignerProposalCancelled(address indexed signer);

    /// @notice The signer changed; signatures of `previous` are no longer accepted.
    /// @param previous The previous signer (zero at deployment).
    /// @param signer The new signer.
    event SignerChanged(address indexed previous, address indexed signer);

    /// @notice Signature kinds, each with its own sequential nonce per user.
    /// @dev 0 = DiveIn, 1 = Withdraw, 2 = Exchange.
    /// @param user The user.
    /// @param kind The kind.
    /// @return The nonce the user's next signature of that kind must carry.
    function nonces(address user, uint8 kind) external view returns (uint256);

    /// @notice Deposits `amount` of `token` from the caller; credits what actually arrived.
    /// @param custom What the deposit is for (0: a plain top-up; the finance issue gives package ids).
    /// @param custom1 A second signed field for `custom`'s meaning (0 for a top-up).
    /// @param token The token.
    /// @param amount The amount taken from the caller.
    /// @param deadline The signature's deadline (unix seconds).
    /// @param r The signature's r.
    /// @param s The signature's s (low-s).
    /// @param v The signature's v (27 or 28).
    function diveInWithToken(
        uint256 custom,
        uint256 custom1,
        address token,
        uint256 amount,
        uint256 deadline,
        bytes32 r,
        bytes32 s,
        uint8 v
    ) external;

    /// @notice Pays `amount` of `token` to the caller against the signer's voucher.
    /// @param token The token.
    /// @param amount The amount.
    /// @param deadline The voucher's deadline (unix seconds).
    /// @param r The signature's r.
    /// @param s The signature's s (low-s).
    /// @param v The signature's v (27 or 28).
    function withdraw(address token, uint256 amount, uint256 deadline, bytes32 r, bytes32 s, uint8 v) external;

    /// @notice Takes `amountIn` of `tokenIn` from the caller and pays `amountOut` of `tokenOut`, at a signed quote.
    /// @param amountIn The amount taken from the caller.
    /// @param amountOut The amount paid to the caller.
    /// @param tokenIn The token taken.
    /// @param tokenOut The token paid.
    /// @param deadline The quote's deadline (unix seconds).
    /// @param r The signature's r.
    /// @param s The signature's s (low-s).
    /// @param v The signature's v (27 or 28).
    function pureTransfer(
        uint256 amountIn,
        uint256 amountOut,
        address tokenIn,
        address tokenOut,
        uint256 deadline,
        bytes32 r,
        bytes32 s,
        uint8 v
    ) external;

    /// @notice Adds `amount` of `token` to the vault's reserve and to the token's exchange budget (exchange
    ///         outputs are paid from it). The token must be allowed.
    /// @param token The token.
    /// @param amount The amount taken from the caller.
    function fund(address token, uint256 amount) external;

    /// @notice The current signer.
    /// @return The address whose signatures the vault accepts.
    function signer() external view returns (address);

    /// @notice A token's configuration, today's net outflow and its exchange budget.
    /// @param token The token.
    /// @return allowed Whether deposits, fundings and exchange inputs may use it.
    /// @return perTxCap Most one withdrawal or exchange output may pay.
    /// @return perDayCap Most the token's net outflow may be in one UTC day, vault-wide.
    /// @return paidToday Today's net outflow: payouts less deposits, fundings and exchange inputs of today,
    ///         never below 0 (UTC day of the current block).
    /// @return perUserDayCap Most one user may be paid of the token in one UTC day.
    /// @return exchangeBudget What exchange outputs of the token may still pay: fundings and exchange inputs
    ///         less exchange outputs, since the deployment.
    function tokenInfo(address token)
        external
        view
        returns (
            bool allowed,
            uint256 perTxCap,
            uint256 perDayCap,
            uint256 paidToday,
            uint256 perUserDayCap,
            uint256 exchangeBudget
        );

    /// @notice What `user` was paid of `token` today (withdrawals and exchange outputs, UTC day of the block).
    /// @param user The user.
    /// @param token The token.
    /// @return The amount.
    function userPaidToday(address user, address token) external view returns (uint256);

    /// @notice Whether deposits and exchanges are paused, whether withdrawals are, and when.
    /// @return paused Deposits and exchanges are refused.
    /// @return withdrawalsPaused Withdrawals are refused (at most `MAX_PAUSE` after the pause began).
    /// @return withdrawalsReopenAt When withdrawals reopen (0 when they never were paused).
    /// @return nextPauseAt The earliest time a new pause may begin.
    function pauseState()
        external
        view
        returns (bool paused, bool withdrawalsPaused, uint256 withdrawalsReopenAt, uint256 nextPauseAt);

    /// @notice The tokens with a pending cap proposal and when each may be activated (the app's banner).
    /// @return tokens The tokens.
    /// @return etas Their activation times (unix seconds), in the same order.
    function pendingCapIncreases() external view returns (address[] memory tokens, uint256[] memory etas);
}
